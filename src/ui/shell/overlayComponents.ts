// Blueprint's overlays the signed-in header draws with, in the `overlays` chunk (webpack.config.ts):
// loaded after the first screen (`useOverlays`), not with the shell.
export { Menu, MenuDivider, MenuItem, Popover, Tooltip } from '@blueprintjs/core';
