import { ArrowRight, Circle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type SectionCard = {
  id: string;
  to: string;
  label: string;
  description?: string;
  icon?: LucideIcon;
  links?: { id: string; to: string; label: string }[];
};

/** A grid of linked cards (dashboard, Administration, Catalogs); labels are already translated. */
export function SectionCards({
  cards,
  headingLevel = 2,
  wide = false,
}: {
  cards: readonly SectionCard[];
  headingLevel?: 2 | 3;
  /** Two columns of larger cards (groups with quick links) instead of three. */
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={wide ? 'grid gap-4 lg:grid-cols-2' : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'}>
      {cards.map((card) => {
        const Icon = card.icon ?? Circle;
        return (
          <li
            key={card.id}
            className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-teal-300 hover:shadow-md"
          >
            <div className="flex items-start gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-700 ring-1 ring-teal-100">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <Heading className="text-base font-semibold text-slate-900">
                  <Link
                    to={card.to}
                    className="rounded focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                  >
                    {card.label}
                  </Link>
                </Heading>
                {card.description && <p className="mt-1 text-sm text-slate-600">{card.description}</p>}
              </div>
              <ArrowRight
                className="mt-1 size-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-teal-700"
                aria-hidden="true"
              />
            </div>
            {card.links && card.links.length > 0 && (
              <ul
                aria-label={t('dashboard.quickLinks', { section: card.label })}
                className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4"
              >
                {card.links.map((link) => (
                  <li key={link.id}>
                    <Link
                      to={link.to}
                      className="relative z-10 inline-flex rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-teal-50 hover:text-teal-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
