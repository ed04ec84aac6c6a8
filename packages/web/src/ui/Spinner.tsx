import './Spinner.css';

/** Decorative: whoever shows a spinner also says in words what is happening. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={`mw-spinner mw-spinner--${size}`} aria-hidden="true" />;
}
