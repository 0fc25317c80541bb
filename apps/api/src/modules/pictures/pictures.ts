import { getIconData, iconToHTML, iconToSVG, replaceIDs } from '@iconify/utils';
import { packageJson } from '../../lib/package-json';

type IconSet = Parameters<typeof getIconData>[0];
const chars = () => packageJson<Record<string, string>>('@iconify-json/noto/chars.json');
const icons = () => packageJson<IconSet>('@iconify-json/noto/icons.json');
const cache = new Map<string, string>();
const CACHE_MAX = 2_000;

/** Noto's icon name for an emoji hexcode (`1F436`, `1f468-200d-1f373`), trying it without FE0F too. */
function iconName(hexcode: string): string | undefined {
  const code = hexcode.toLowerCase();
  return chars()[code] ?? chars()[code.replace(/-fe0f/g, '')];
}

/**
 * The SVG picture of an emoji, rendered offline from the Noto emoji set (Apache-2.0) and kept in a
 * bounded in-memory cache; undefined when the set has no picture for it.
 */
export function pictureFor(hexcode: string): string | undefined {
  const name = iconName(hexcode);
  if (!name) return undefined;
  const hit = cache.get(name);
  if (hit) return hit;
  const data = getIconData(icons(), name);
  if (!data) return undefined;
  const svg = iconToSVG(data, { height: 'auto' });
  // iconToHTML writes the SVG namespace itself: a second xmlns is not well-formed XML, and an <img> shows nothing.
  const html = iconToHTML(replaceIDs(svg.body), svg.attributes);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(name, html);
  return html;
}
