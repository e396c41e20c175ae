// Addresses of the files a question or an answer carries: a full address, or a stored file's key
// (served at /media/files/{key}).
export { mediaUrl } from '../../services/uploads';

/** The file name at the end of an address, for a link's text. */
export const fileNameOf = (address: string): string => address.split('?')[0]!.split('/').pop() ?? address;
