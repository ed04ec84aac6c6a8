import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';
import { FATAL_ERROR_PAGE } from './errorPages';

interface Props {
  baseUrl: string;
  children: ReactNode;
}

/** Last line of defence: a render error anywhere shows 'Application crashed' instead of a blank page. */
export class FatalErrorBoundary extends Component<Props, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override render() {
    if (this.state.crashed) return <ErrorPage info={FATAL_ERROR_PAGE} baseUrl={this.props.baseUrl} />;
    return this.props.children;
  }
}
