// `npm run build`: the production build of the console into dist/.
import { build, ensureInstalled } from './ensure.mjs';

ensureInstalled();
build();
