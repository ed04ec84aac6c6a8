import './Spinner.css';

/** Decorative: whoever shows a spinner also says in words what is happening. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={`mw-spinner mw-spinner--${size}`} aria-hidden="true" />;
}

/** 'Loading…' beside a spinner, announced politely: the loading state of lists and tables. */
export function LoadingStatus({ className }: { className?: string }) {
  return (
    <div role="status" className={className}>
      <Spinner />
      <span>Loading…</span>
    </div>
  );
}
