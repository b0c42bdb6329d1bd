/** A bridge rejection as one sentence a person can read, chosen by its prefix (issue 18.3). */

import { errorPrefix } from "../errors.js";
import { strings, type Lang } from "./strings.js";

/** Never the raw message: it may hold a path, a stack or JSON; the prefix alone picks the sentence. */
export function errorSentence(error: unknown, lang?: Lang): string {
  const table = strings(lang).errors;
  const prefix = errorPrefix(error);
  return (prefix !== undefined ? table[prefix] : undefined) ?? table.other;
}
