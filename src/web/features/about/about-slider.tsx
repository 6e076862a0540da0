import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ABOUT_SLIDE_IDS, type AboutSlideId } from '../../../contracts/about';
import { type Translate, useT } from '../../i18n/i18n';

/** Each slide's picture, drawn by the shop (see core/content/illustration-svg.ts). */
const images: Record<AboutSlideId, string> = {
  'cine-suntem': '/illustrations/people-2.svg',
  'scopul-librariei': '/illustrations/book-0.svg',
  'directia-fondurilor': '/illustrations/hands-1.svg',
  transparente: '/illustrations/letter-5.svg',
};

function slideText(t: Translate, id: AboutSlideId) {
  return {
    title: t(`about.slide.${id}.title`),
    subtitle1: t(`about.slide.${id}.subtitle1`),
    subtitle2: t(`about.slide.${id}.subtitle2`),
    year: t(`about.slide.${id}.year`),
    thumb: t(`about.slide.${id}.thumb`),
  };
}

function SlideBody({ id, headingLevel }: { id: AboutSlideId; headingLevel: 'h2' | 'h3' }) {
  const t = useT();
  const s = slideText(t, id);
  const Heading = headingLevel;
  return (
    <div className="grid items-center gap-6 md:grid-cols-2">
      <img src={images[id]} alt="" width={1200} height={800} loading="lazy" className="w-full rounded-lg" />
      <div>
        <p className="font-serif text-4xl font-bold text-gold">{s.year}</p>
        <Heading className="mt-2 font-serif text-2xl font-bold">{s.title}</Heading>
        <p className="mt-3 text-lg">{s.subtitle1}</p>
        <p className="mt-3 text-muted">{s.subtitle2}</p>
      </div>
    </div>
  );
}

/**
 * The about page's slider. The server (and a browser without JavaScript) gets the selected slide as plain
 * text and a row of links to the others; once the page runs in the browser, accessible tabs take over
 * (arrow keys move between them) and the URL's ?slide= follows the visitor's choice.
 */
export function AboutSlider({ selected, onSelect }: { selected: AboutSlideId; onSelect: (id: AboutSlideId) => void }) {
  const t = useT();
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const index = ABOUT_SLIDE_IDS.indexOf(selected);
  const step = (delta: number) =>
    onSelect(ABOUT_SLIDE_IDS[(index + delta + ABOUT_SLIDE_IDS.length) % ABOUT_SLIDE_IDS.length]);

  if (!interactive) {
    return (
      <div>
        <nav aria-label={t('about.slider.label')}>
          <ul className="grid grid-cols-2 gap-2 md:grid-cols-4">
            {ABOUT_SLIDE_IDS.map((id) => (
              <li key={id}>
                <Link
                  discover="none"
                  to={`?slide=${id}`}
                  preventScrollReset
                  aria-current={id === selected ? 'true' : undefined}
                  className="block rounded border border-line bg-white p-3 font-semibold aria-[current]:border-brand aria-[current]:text-brand"
                >
                  {t(`about.slide.${id}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="mt-6">
          <SlideBody id={selected} headingLevel="h3" />
        </article>
      </div>
    );
  }

  return (
    <Tabs.Root value={selected} onValueChange={(v) => onSelect(v as AboutSlideId)} activationMode="automatic">
      <Tabs.List aria-label={t('about.slider.label')} className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {ABOUT_SLIDE_IDS.map((id) => (
          <Tabs.Trigger
            key={id}
            value={id}
            className="rounded border border-line bg-white p-3 text-left data-[state=active]:border-brand data-[state=active]:bg-brand data-[state=active]:text-white"
          >
            <span className="block font-semibold">{t(`about.slide.${id}.title`)}</span>
            <span className="block text-sm opacity-90">{t(`about.slide.${id}.thumb`)}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {ABOUT_SLIDE_IDS.map((id) => (
        <Tabs.Content key={id} value={id} className="mt-6">
          <SlideBody id={id} headingLevel="h3" />
        </Tabs.Content>
      ))}
      <div className="mt-4 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => step(-1)}
          className="rounded border border-line bg-white px-3 py-1.5 text-sm"
        >
          <span aria-hidden="true">‹ </span>
          {t('carousel.previous')}
        </button>
        <button
          type="button"
          onClick={() => step(1)}
          className="rounded border border-line bg-white px-3 py-1.5 text-sm"
        >
          {t('carousel.next')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
    </Tabs.Root>
  );
}
