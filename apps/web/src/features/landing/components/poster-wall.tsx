/** Decorative tiles behind the hero: colour fields standing in for posters until the catalogue exists. */
const hues = [350, 210, 30, 270, 160, 0, 195, 45, 300, 120, 15, 230, 330, 85, 250, 180, 5, 290];

export function PosterWall() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute -inset-x-10 -top-24 grid rotate-[-8deg] grid-cols-4 gap-3 opacity-40 sm:grid-cols-6 lg:grid-cols-9">
        {hues.map((hue, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
            key={index}
            className="aspect-[2/3] rounded-lg"
            style={{
              background: `linear-gradient(160deg, hsl(${hue} 70% 45%), hsl(${(hue + 40) % 360} 60% 18%) 70%)`,
            }}
          />
        ))}
      </div>
      <div className="absolute inset-0 bg-gradient-to-b from-bg/60 via-bg/85 to-bg" />
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,transparent_0%,var(--color-bg)_75%)]" />
    </div>
  );
}
