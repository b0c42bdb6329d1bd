/** A DOM for component tests (happy-dom); imported first, before Vue reads `document`. */

import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://127.0.0.1/" });
