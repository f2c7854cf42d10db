import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/app.css';
import './app/print.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to mount the page into.');
// The root is made and the shell's render started in a task of their own, after the one that
// evaluates the modules: in that one task, evaluating React, the stores and the rest, then making
// the root (React adds its listener for every event it handles) and starting the render was the
// first load's first long task, about 115 to 175 ms on a CPU four times slower than a desktop's,
// some 40 ms of it the root and the render's start. Nothing is on screen before the shell, and
// the task after comes at once, so the shell shows no later.
setTimeout(() => {
  const reactRoot = createRoot(root);
  // The shell's first render is a transition, so React renders it in slices of a few
  // milliseconds and gives the main thread back between them; rendered at the default priority
  // it was one task of about 100 ms on a CPU four times slower than a desktop's.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
