import type { FeatureManifest } from '@/app/feature';
import { handle, load, wildcard } from '@/app/route-kit';
import { PERMISSION_GATES as G } from '@/lib/permission-gates';

const gallery = load(
  () => import('./gallery-page'),
  (m) => m.GalleryPage,
);

/** `/imagesGallery` (seed §2). */
export const galleryFeature: FeatureManifest = {
  id: 'gallery',
  routes: {
    main: [wildcard('imagesGallery', handle('crumbs.imagesGallery', 'crumbs.imagesGallery'), gallery, G.gallery)],
  },
};
