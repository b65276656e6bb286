/** Renderer entry: connect to the backend, build the store, render, load the first file. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bridge, connectClient } from './rpc/connect';
import { StoreContext } from './store/context';
import { createAppStore } from './store/store';
import './styles/base.css';
import './styles/topbar.css';
import './styles/panels.css';
import './styles/layout-drawing.css';
import './styles/banners.css';
import './styles/popovers.css';
import './styles/ab.css';
import './styles/decoders.css';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html lacks #root');
  try {
    const client = await connectClient();
    const store = createAppStore(client);
    createRoot(root).render(
      <StrictMode>
        <StoreContext.Provider value={store}>
          <App bridge={bridge()} />
        </StoreContext.Provider>
      </StrictMode>,
    );
    await store.getState().init();
  } catch (error) {
    root.textContent = `Could not reach the backend: ${error instanceof Error ? error.message : String(error)}. Reload the page, or restart the server.`;
    root.setAttribute('data-testid', 'connect-failed');
  }
}

void start();
