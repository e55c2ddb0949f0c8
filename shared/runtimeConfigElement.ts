/**
 * The id of the JSON data block in which the backend writes the runtime configuration into the
 * console's page (`<script id="cockpit-config" type="application/json">`), so the console starts
 * without asking `/config.json` first.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'cockpit-config';
