import { call } from '../api/client.js';
import { serverConfig } from '../config.js';

/** Asks the server for its configuration (its time zone) once, at start; a failure keeps the default. */
export async function loadServerConfig(): Promise<void> {
  try {
    const res = await call('GET /api/admin/config', { hideLoading: true, hideError: true });
    serverConfig.retentionMonths = res._data.retention_months;
    const zone = res._data.time_zone;
    // Only a zone this browser knows: a date formatted in an unknown one would throw.
    new Intl.DateTimeFormat('en', { timeZone: zone });
    serverConfig.timeZone = zone;
  } catch (error) {
    console.warn('the server configuration could not be loaded', error);
  }
}
