// Addresses of the files a question or an answer carries: a full address, or a stored file's key
// (served at /media/files/{key}); option letters as the exam and the result print them.
import { pathTo, storagePaths } from '../../contracts/paths';

export const OPTION_LETTERS = 'ABCDEFGHIJK';

/** An image or file address as given, or the stored file of that key. */
export const mediaUrl = (value: string): string => (/^(https?:|data:|\/)/.test(value) ? value : pathTo(storagePaths.file, { key: value }));

/** The file name at the end of an address, for a link's text. */
export const fileNameOf = (address: string): string => address.split('?')[0]!.split('/').pop() ?? address;
