import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * How browsers and Vite word a panel's code that did not arrive (a dropped connection, a server
 * gone, a deploy that replaced the files): Chromium, Safari, Firefox, then Vite's CSS preload.
 */
const NOT_LOADED =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether an error means the panel's code never arrived, rather than that it broke. */
export function isLoadFailure(error: Error): boolean {
  return NOT_LOADED.test(error.message);
}

/**
 * Keeps one broken panel from taking the page down: the section says what failed and every
 * other section goes on working. Code that did not arrive gets a reload button: trying the same
 * import() again is no cure, since most browsers still remember a failed module fetch for the
 * life of the page, and the reader's numbers live in the address and the drill in storage.
 */
export class SectionBoundary extends Component<{ title: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div className="notice notice-bad" role="alert">
        <p>
          <strong>This section could not be shown.</strong> {this.props.title} failed with:{' '}
          <code>{error.message}</code>
        </p>
        {isLoadFailure(error) ? (
          <p>
            Its code did not arrive, perhaps because the network dropped. The rest of the page is
            unaffected.{' '}
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Reload the page
            </button>{' '}
            to try again: the numbers you set are kept in its address, and saved drill progress
            stays.
          </p>
        ) : (
          <p>The rest of the page is unaffected.</p>
        )}
      </div>
    );
  }
}
