import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/app.css';
import { App } from './app';
import { createDefaultServices } from './services';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App services={createDefaultServices()} />
  </StrictMode>,
);
