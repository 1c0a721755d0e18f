import '@lead/styles/font.css';
import '@lead/styles/styles.css';
import { base, darkTheme, lightTheme } from '@lead/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { showFailures } from './shell/failures.js';
import { showLoading } from './shell/loading.js';
import { loadServerConfig } from './stores/server-config.js';

// The theme follows the system's light or dark preference.
const dark = window.matchMedia('(prefers-color-scheme: dark)');
const applyTheme = () => {
  document.documentElement.classList.toggle(darkTheme, dark.matches);
  document.documentElement.classList.toggle(lightTheme, !dark.matches);
};
applyTheme();
dark.addEventListener('change', applyTheme);
document.body.classList.add(base);

// The client only requests: the shell shows its calls in flight (the loading overlay) and its
// failures (notices; 401/403 end the session), from the first call on, the configuration's included.
showLoading();
showFailures();

// The server's time zone, for "today" in date pickers; nothing waits for it.
void loadServerConfig();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
