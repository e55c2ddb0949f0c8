import type { RuntimeConfig } from '../../shared/RuntimeConfig';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../shared/runtimeConfigElement';

/** Characters that could end the block or be read as markup, as JSON escapes (the JSON means the same). */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

function escapeForScript(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The runtime configuration as a JSON data block for the console's page. A data block is not
 * executed, so the page's CSP (no inline scripts) is unaffected; `<` is written as `\u003c`, so no
 * value can close the element (`</script>`) or open a comment in it.
 */
export function runtimeConfigBlock(config: RuntimeConfig): string {
  return `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${escapeForScript(JSON.stringify(config))}</script>`;
}
