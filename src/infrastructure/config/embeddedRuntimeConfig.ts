import type { RuntimeConfig } from '../../../shared/RuntimeConfig';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../../shared/runtimeConfigElement';
import { normaliseRuntimeConfig } from './normaliseRuntimeConfig';

/**
 * The runtime configuration the backend wrote into the page (a JSON data block), or null when the
 * page has none (the development server's page, a shell cached by an older release) or it cannot
 * be read.
 */
export function embeddedRuntimeConfig(document: Pick<Document, 'getElementById'>): RuntimeConfig | null {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? normaliseRuntimeConfig(parsed as Partial<RuntimeConfig>) : null;
  } catch {
    return null;
  }
}
