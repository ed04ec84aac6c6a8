/**
 * An object's gallery (main-app spec section 7, "Media"): its files with their thumbnails' states,
 * a file's deletion, and a look at whether a file that would not play is there at all. Uploads do
 * not come through here: they go file by file with their own progress (../upload).
 *
 * Tags: 'MediaGallery' by object. An observation's files are also counted in its inspection's list
 * of observations ('ObservationRecords', as the forms feature tags it), which does not say which
 * observation it holds, so a change of an observation's files makes every such list stale. An
 * inspection's gallery lists its observations' files, each with its observation's code and distance,
 * so it depends on that list too and provides its tag: a change of an observation, or of its files,
 * asks for it again.
 */
import { MediaGallery, type MediaItem, type MediaOwnerTypeName } from '@manway/core/api/media';
import { KNOWN_ERROR_MESSAGES, OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';
import type { RootState } from '../../../shell/store/rootReducer';

const MEDIA_GALLERY = 'MediaGallery' as const;
/** The forms feature's tag of an inspection's observations (forms/api/records.ts). */
const OBSERVATION_RECORDS = 'ObservationRecords' as const;

/** An object that has a gallery, by the type name of the media calls. */
export interface MediaObject {
  type: MediaOwnerTypeName;
  id: number;
}

/** A file to delete, as a gallery lists it: deleted at its own address, which names the object it belongs to. */
export interface MediaFileDelete {
  /** The gallery the file was listed in. */
  gallery: MediaObject;
  item: Pick<MediaItem, 'url' | 'observation'>;
}

/** The object a listed file belongs to: an observation's file in its inspection's gallery is the observation's. */
const ownerOf = (gallery: MediaObject, item: Pick<MediaItem, 'observation'>): MediaObject =>
  item.observation ? { type: 'Observation', id: item.observation.id } : gallery;

/** The path of an object's gallery, which uploads are posted to as well. */
export const galleryPath = ({ type, id }: MediaObject) => `api/media/${type}/${id}`;

/** An upload's answer (201): the gallery's items for the files added. */
export const AddedMedia = MediaGallery.pick({ items: true });

const galleryKey = ({ type, id }: MediaObject) => `${type}:${id}`;

const changeTags = (object: MediaObject) => [
  { type: MEDIA_GALLERY, id: galleryKey(object) } as const,
  ...(object.type === 'Observation' ? [OBSERVATION_RECORDS] : []),
];

const mediaApi = shellApi.enhanceEndpoints({ addTagTypes: [MEDIA_GALLERY, OBSERVATION_RECORDS] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET api/media/{type}/{id}: the object's files in the order they were added. */
    getMediaGallery: build.query<MediaGallery, MediaObject>({
      query: (object) => ({ url: galleryPath(object), statusMessages: { 404: OBJECT_NOT_FOUND } }),
      transformResponse: (data: unknown) => MediaGallery.parse(data),
      providesTags: (_result, _error, object) => [
        { type: MEDIA_GALLERY, id: galleryKey(object) },
        // The forms feature keys an inspection's observations by 'Inspection:{id}', as galleryKey does.
        ...(object.type === 'Inspection' ? [{ type: OBSERVATION_RECORDS, id: galleryKey(object) }] : []),
      ],
    }),

    /** DELETE api/media/{type}/{id}/{mediaId}, the file's own address (its url): answers 204. */
    deleteMediaFile: build.mutation<null, MediaFileDelete>({
      query: ({ item }) => ({
        url: item.url,
        method: 'DELETE',
        statusMessages: { 404: KNOWN_ERROR_MESSAGES['media/file-not-found'] },
      }),
      // Gone already (404) or not: the gallery is asked again either way, so it shows what is there.
      invalidatesTags: (_result, _error, { gallery, item }) => [
        ...changeTags(gallery),
        ...changeTags(ownerOf(gallery, item)),
      ],
    }),

    /**
     * The first byte of a file, asked when the browser cannot play a video: a file that is gone and
     * one in a format the browser cannot play fail alike in a <video>. A GET rather than a HEAD, so
     * a refusal's code can be read (a file lost from the store answers 400 media/file-not-found).
     * A failure is the point of asking, so nothing is notified.
     */
    mediaFileStatus: build.query<unknown, string>({
      query: (url) => ({ url, headers: { range: 'bytes=0-0' }, ignoreGlobal: true }),
    }),
  }),
});

export const { useGetMediaGalleryQuery, useDeleteMediaFileMutation } = mediaApi;

/** The gallery as the cache holds it, without asking for it: tells whether to poll for thumbnails. */
export const useCachedMediaGallery = mediaApi.endpoints.getMediaGallery.useQueryState;

type MediaApiState = Parameters<ReturnType<typeof mediaApi.endpoints.getMediaGallery.select>>[0];

/** The same outside React: the upload settings of the gallery files are added to. */
export const selectCachedMediaGallery = (object: MediaObject) => (state: RootState) =>
  // The root state's type knows the shell's own endpoints; this feature's are injected into the same slice.
  mediaApi.endpoints.getMediaGallery.select(object)(state as unknown as MediaApiState);

/** Asks for the object's gallery again: after an upload, which does not go through RTK Query. */
export const reloadMediaGallery = (object: MediaObject) => mediaApi.util.invalidateTags(changeTags(object));

/**
 * The object's gallery asked afresh, outside React: whether a finalized upload the server no longer
 * knows was attached (it is listed) or purged unattached (it is not).
 */
export const fetchMediaGallery = (object: MediaObject) =>
  mediaApi.endpoints.getMediaGallery.initiate(object, { subscribe: false, forceRefetch: true });

/** Whether a file's address still answers with its bytes. */
export const checkMediaFile = (url: string) =>
  mediaApi.endpoints.mediaFileStatus.initiate(url, { subscribe: false, forceRefetch: true });
