import { en } from './en';
import { addMessages, translator } from './translate';
import { ro } from './ro';

// The server renders every page and translates validation messages: it holds all areas of both
// languages. Imported by entry.server.tsx; browser code never imports this module (decision 013).
addMessages('ro', ro);
addMessages('en', en);

export { translator };
