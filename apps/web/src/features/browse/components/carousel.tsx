import type { TitleCard as Card } from '@salomtv/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useT } from '../../../shared/i18n/language-context';

const AUTO_ADVANCE_MS = 8000;

/** A three-slide carousel: dots and arrows, advancing by itself unless the pointer or focus is on it. */
export function Carousel({
  label,
  slides,
  render,
  testId,
}: {
  label: string;
  slides: Card[];
  render: (card: Card) => ReactNode;
  testId?: string;
}) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = Math.min(3, slides.length);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);
  if (count === 0) return null;
  const current = slides[index % count] as Card;
  // The backdrop is the banner only: a poster carries the title as art, which the slide's heading already says.
  const image = current.banner;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      className="relative isolate overflow-hidden"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {image ? (
        <img
          src={image.url}
          srcSet={image.srcset}
          sizes="100vw"
          width={image.width}
          height={image.height}
          alt=""
          fetchPriority={index === 0 ? 'high' : 'auto'}
          className="absolute inset-0 -z-10 size-full object-cover opacity-60"
        />
      ) : (
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-gradient-to-br from-brand/40 via-surface to-bg"
        />
      )}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-gradient-to-r from-bg via-bg/70 to-transparent rtl:bg-gradient-to-l"
      />
      <div
        aria-live="polite"
        className="mx-auto flex min-h-[24rem] max-w-screen-2xl flex-col justify-center gap-4 px-4 py-12 sm:min-h-[30rem] sm:px-10"
      >
        {render(current)}
      </div>
      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
          {slides.slice(0, count).map((slide, i) => (
            // A 24 px target around each small dot, so a finger or a pointer finds it.
            <button
              key={slide.movie_id}
              type="button"
              aria-label={slide.title}
              aria-current={i === index % count}
              onClick={() => setIndex(i)}
              className="group/dot flex h-6 min-w-6 items-center justify-center"
            >
              <span
                aria-hidden
                className={`h-2.5 rounded-full transition-all ${i === index % count ? 'w-8 bg-brand' : 'w-2.5 bg-white/50 group-hover/dot:bg-white'}`}
              />
              <span className="sr-only">{t('more_details')}</span>
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
