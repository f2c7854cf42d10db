import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/app.css';
import './app/print.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to mount the page into.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
