import type { MediaKind } from '@manway/core/api/sync-data';

/** Drawn like the widget kit's glyphs (24-unit box, the text colour's stroke). */
const KIND_PATHS: Record<MediaKind, string> = {
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  video: 'M3 6h12v12H3zM15 10l6-3v10l-6-3',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  // A fusion file is a survey camera's own format: only its players open it, like a document.
  fusion: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
};

/** What a file is, where there is no thumbnail to show it: decorative, the tile names the file. */
export function MediaKindIcon({ kind, className }: { kind: MediaKind; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-kind={kind}
    >
      <path d={KIND_PATHS[kind]} />
    </svg>
  );
}
