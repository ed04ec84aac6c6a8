import type { SVGProps } from 'react';

/**
 * The few glyphs the widget kit draws itself. They take the text colour and are decorative: the
 * control around them carries the accessible name.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function Glyph({ path, ...props }: IconProps & { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={path} />
    </svg>
  );
}

export const CloseIcon = (props: IconProps) => <Glyph path="M6 6l12 12M18 6L6 18" {...props} />;
export const ChevronLeftIcon = (props: IconProps) => <Glyph path="M15 5l-7 7 7 7" {...props} />;
export const ChevronRightIcon = (props: IconProps) => <Glyph path="M9 5l7 7-7 7" {...props} />;
export const ChevronDownIcon = (props: IconProps) => <Glyph path="M5 9l7 7 7-7" {...props} />;
export const CheckIcon = (props: IconProps) => <Glyph path="M5 12l5 5L20 7" {...props} />;
export const MinusIcon = (props: IconProps) => <Glyph path="M6 12h12" {...props} />;
export const InfoIcon = (props: IconProps) => (
  <Glyph path="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16v-5M12 8h.01" {...props} />
);
export const CalendarIcon = (props: IconProps) => <Glyph path="M5 5h14v15H5zM5 10h14M9 3v4M15 3v4" {...props} />;
export const TrashIcon = (props: IconProps) => (
  <Glyph path="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" {...props} />
);
/** Outlined; a filled star (fill="currentColor") marks a favourite. */
export const StarIcon = (props: IconProps) => (
  <Glyph path="M12 3l2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.4l-5.6 2.9 1.1-6.2L3 9.7l6.2-.9z" {...props} />
);
