import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/app.css';
import './app/print.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to mount the page into.');
// The shell's first render is a transition, so React renders it in slices of a few milliseconds
// and gives the main thread back between them; rendered at the default priority it was one task
// of about 100 ms on a CPU four times slower than a desktop's. Nothing is on screen before it, and
// nothing else asks for the thread then, so it shows no later.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
