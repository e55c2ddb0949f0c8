import type { i18n } from 'i18next';
import { LANGUAGES, type Language } from '../../../shared/Language';

/**
 * The texts of a part of the console that only a lazy chunk's code shows (the signed-in shell, the
 * orders, the settings), in every language. They travel in that chunk and join the entry's texts
 * (`resources`: the login page's, and those of code every page runs) when it is first shown.
 */
export type AreaTexts = Readonly<Record<Language, object>>;

/** The texts added to each i18next store (react-i18next hands out wrappers of the instance, which share its store). */
const added = new WeakMap<object, WeakSet<AreaTexts>>();

/** Adds `texts` to the console's one namespace in every language, once per i18next store. */
export function addAreaTexts(instance: i18n, texts: AreaTexts): void {
  let done = added.get(instance.store);
  if (!done) {
    done = new WeakSet();
    added.set(instance.store, done);
  }
  if (done.has(texts)) {
    return;
  }
  for (const language of LANGUAGES) {
    instance.addResourceBundle(language, 'translation', texts[language], true, false);
  }
  done.add(texts);
}
