import { Fragment, type ReactNode } from 'react';

/** A widget's component name and where it lives, relative to packages/web/src. */
export type WidgetFile = readonly [component: string, path: string];

/**
 * One card of the gallery: what the widgets are for, which component and file each one is, and
 * the widgets themselves, live.
 */
export function GallerySection({
  id,
  title,
  files,
  wide = false,
  children,
  description,
}: {
  /** Also the anchor the gallery's contents link to. */
  id: string;
  title: string;
  files: readonly WidgetFile[];
  /** Takes the whole width of the page (tables) rather than one column. */
  wide?: boolean;
  description: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={['mw-gallery-section', wide && 'mw-gallery-section--wide'].filter(Boolean).join(' ')}
    >
      <header className="mw-gallery-section__header">
        <h2 id={titleId}>{title}</h2>
        <p className="mw-gallery-section__description">{description}</p>
        <ul className="mw-gallery-section__files" aria-label={`${title}: components and files`}>
          {files.map(([component, path]) => (
            <li key={`${component} ${path}`}>
              <code className="mw-gallery-section__component">{component}</code>
              <code className="mw-gallery-section__path">
                {/* Long paths wrap after a slash on narrow screens, not in the middle of a name. */}
                {path.split('/').map((part, index, parts) => (
                  <Fragment key={index}>
                    {part}
                    {index < parts.length - 1 && (
                      <>
                        /<wbr />
                      </>
                    )}
                  </Fragment>
                ))}
              </code>
            </li>
          ))}
        </ul>
      </header>
      <div className="mw-gallery-section__body">{children}</div>
    </section>
  );
}

/** A labelled example inside a section: 'Controlled', 'Disabled', 'Loading'… */
export function GalleryExample({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mw-gallery-example">
      <h3 className="mw-gallery-example__title">{title}</h3>
      {children}
    </div>
  );
}

/** 'No rows selected', '1 row selected', '1,250 rows selected', announced as it changes. */
export function SelectionCount({ count }: { count: number }) {
  const text =
    count === 0 ? 'No rows selected' : `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} selected`;
  return (
    <p className="mw-gallery-actions__status" aria-live="polite">
      {text}
    </p>
  );
}
