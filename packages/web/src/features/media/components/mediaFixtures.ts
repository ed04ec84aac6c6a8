import { DEFAULT_UPLOAD_SETTINGS, type MediaGallery, type MediaItem } from '@manway/core/api/media';

/** A file of Node 7's gallery as the server answers it; a photo unless told otherwise. */
export function mediaItem(overrides: Partial<MediaItem> & Pick<MediaItem, 'id'>): MediaItem {
  const { id } = overrides;
  return {
    kind: 'image',
    fileName: `photo-${id}.jpg`,
    contentType: 'image/jpeg',
    sizeBytes: 2_400_000,
    createdAt: '2024-05-03T09:15:00Z',
    capturedAt: null,
    durationMs: null,
    width: 4000,
    height: 3000,
    location: null,
    thumbnail: 'ready',
    url: `api/media/Node/7/${id}`,
    thumbnailUrl: `api/media/Node/7/${id}/thumbnail`,
    links: [],
    ...overrides,
  };
}

export function videoItem(overrides: Partial<MediaItem> & Pick<MediaItem, 'id'>): MediaItem {
  return mediaItem({
    kind: 'video',
    fileName: `survey-${overrides.id}.mp4`,
    contentType: 'video/mp4',
    sizeBytes: 84_000_000,
    durationMs: 65_400,
    width: 1920,
    height: 1080,
    ...overrides,
  });
}

export const gallery = (items: MediaItem[], mayChange = true): MediaGallery => ({
  items,
  uploadSettings: DEFAULT_UPLOAD_SETTINGS,
  mayChange,
});
