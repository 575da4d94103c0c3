/** Simple drawings of the seeded languages' flags, rasterised at seed time (no binary files in the repository). */
const crescent = (cx: number, cy: number, r: number, fill: string, cut: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/><circle cx="${cx + r * 0.35}" cy="${cy - r * 0.1}" r="${r * 0.85}" fill="${cut}"/>`;

export const flagSvgs: Record<string, string> = {
  En: `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 60 30">
<rect width="60" height="30" fill="#012169"/>
<path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" stroke-width="6"/>
<path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" stroke-width="2"/>
<path d="M30,0 V30 M0,15 H60" stroke="#fff" stroke-width="10"/>
<path d="M30,0 V30 M0,15 H60" stroke="#C8102E" stroke-width="6"/></svg>`,
  Uz: `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="250" viewBox="0 0 500 250">
<rect width="500" height="250" fill="#fff"/><rect width="500" height="80" fill="#0099B5"/>
<rect y="170" width="500" height="80" fill="#1EB53A"/><rect y="80" width="500" height="5" fill="#CE1126"/>
<rect y="165" width="500" height="5" fill="#CE1126"/>${crescent(60, 40, 26, '#fff', '#0099B5')}</svg>`,
  Ru: `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="300" viewBox="0 0 9 6">
<rect width="9" height="2" fill="#fff"/><rect y="2" width="9" height="2" fill="#0039A6"/>
<rect y="4" width="9" height="2" fill="#D52B1E"/></svg>`,
  Ur: `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="300" viewBox="0 0 450 300">
<rect width="450" height="300" fill="#01411C"/><rect width="112" height="300" fill="#fff"/>
${crescent(290, 150, 80, '#fff', '#01411C')}
<polygon points="330,95 338,118 362,118 343,132 350,155 330,141 310,155 317,132 298,118 322,118" fill="#fff"/></svg>`,
};
