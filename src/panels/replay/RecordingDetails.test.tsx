import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RecordingDetails } from './RecordingDetails';
import { pausedClientTrace } from './fixtures';

afterEach(cleanup);

describe('RecordingDetails', () => {
  it('says what each known setting does in this run, and leaves an unknown one bare', () => {
    const trace = pausedClientTrace(true, {
      backend: 'redis+postgres',
      environment: {
        redis: '7.0.15',
        settings: { 'postgres.fsync': 'off', 'redis.persistence': 'none', 'custom.knob': '7' },
      },
    });
    render(<RecordingDetails trace={trace} />);
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'postgres.fsync = off: Postgres does not force its writes to disk: only an OS or machine crash could lose them, and no run here has one.',
      'redis.persistence = none: So keys live only in memory: a Redis that restarted would come back without the lock and its token counter. No run here restarts one.',
      'custom.knob = 7',
    ]);
  });

  it('shows nothing for a run of the engine', () => {
    const { container } = render(<RecordingDetails trace={pausedClientTrace(true)} />);
    expect(container.textContent).toBe('');
  });
});
