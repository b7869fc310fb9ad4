/** One shipped open-source library (see gen-licenses.mjs). */
export interface LibraryLicense {
  name: string;
  version: string;
  license: string;
  homepage?: string;
  author?: string;
  description?: string;
  notice?: string;
}
/** Walks the production dependency closure of the web app and reads each package's licence. */
export function collectLicenses(webDir: string): LibraryLicense[];
