import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Keeps one broken panel from taking the page down: the section says what failed and every
 * other section goes on working.
 */
export class SectionBoundary extends Component<{ title: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error)
      return (
        <div className="notice notice-bad" role="alert">
          <p>
            <strong>This section could not be shown.</strong> {this.props.title} failed with:{' '}
            <code>{this.state.error.message}</code>
          </p>
          <p>The rest of the page is unaffected.</p>
        </div>
      );
    return this.props.children;
  }
}
