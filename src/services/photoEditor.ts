// The image editor's cropping, on cropperjs (v1): a crop box over the photo, quarter turns, the crop
// box moved and resized by keys, and the crop exported as a JPEG. Loaded only with the editor.
//
// What makes crops after a turn right (an earlier attempt cropped the wrong part once turned):
// - checkOrientation is off. Browsers already show a JPEG the way its EXIF orientation says, and
//   cropperjs would read the EXIF itself (a request the page's connect-src refuses for blob: files)
//   and turn the photo a second time.
// - viewMode 1 keeps the crop box inside the picture, so the export never holds empty margins.
// - After rotate(90) the picture's box is the turned one, but it keeps its old size and the crop box
//   keeps its old place (and, in viewMode 1, holds the picture at least as large as itself), so the
//   crop box is cleared, the picture fitted into the container again and the crop box set over all
//   of it. getCroppedCanvas then draws the turned picture and cuts the crop box out of it: its
//   numbers (getData) are in the turned picture's own pixels.
// - Nothing is read before cropperjs says `ready`.
import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';

export type { Cropper };

export function openCropper(image: HTMLImageElement, onReady: () => void): Cropper {
  return new Cropper(image, {
    viewMode: 1,
    dragMode: 'crop',
    autoCropArea: 1,
    checkOrientation: false,
    rotatable: true,
    scalable: false,
    zoomable: false,
    background: false,
    movable: false,
    toggleDragModeOnDblclick: false,
    minContainerWidth: 200,
    minContainerHeight: 200,
    ready: () => {
      // cropperjs shows copies of the photo (the picture and the crop box's view); the photo is named once.
      image.parentElement?.querySelectorAll<HTMLImageElement>('.cropper-container img').forEach((copy) => {
        copy.alt = '';
      });
      onReady();
    },
  });
}

/**
 * Fits the whole picture into the container, centred, and puts the crop box over all of it. The crop
 * box is taken away first: in viewMode 1 the picture may not be smaller than the crop box, so the old
 * box (as wide as the unturned picture) would keep the turned one too large to fit.
 */
function fitWhole(cropper: Cropper): void {
  cropper.clear();
  const container = cropper.getContainerData();
  const canvas = cropper.getCanvasData();
  const scale = Math.min(container.width / canvas.width, container.height / canvas.height);
  const width = canvas.width * scale;
  const height = canvas.height * scale;
  cropper.setCanvasData({ left: (container.width - width) / 2, top: (container.height - height) / 2, width, height });
  const fitted = cropper.getCanvasData();
  cropper.crop();
  cropper.setCropBoxData({ left: fitted.left, top: fitted.top, width: fitted.width, height: fitted.height });
}

/** A quarter turn clockwise. */
export function turnQuarter(cropper: Cropper): void {
  cropper.rotate(90);
  fitWhole(cropper);
}

/** Screen pixels a key press moves or resizes the crop box by. */
const STEP = 10;
const MOVES: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };

/**
 * Arrow keys move the crop box; with Shift they resize it (left and up make it smaller). Answers
 * whether the key was one of these, so the page does not scroll as well.
 */
export function nudgeCropBox(cropper: Cropper, key: string, resize: boolean): boolean {
  const move = MOVES[key];
  if (!move) return false;
  const box = cropper.getCropBoxData();
  if (resize) cropper.setCropBoxData({ width: Math.max(STEP, box.width + move[0]), height: Math.max(STEP, box.height + move[1]) });
  else cropper.setCropBoxData({ left: box.left + move[0], top: box.top + move[1] });
  return true;
}

/** The photo's file name as a JPEG. */
const jpegName = (name: string): string => `${name.replace(/\.[^./]+$/, '') || 'photo'}.jpg`;

/** The crop box's part of the turned picture, at the photo's own resolution, as a JPEG file. */
export function exportCrop(cropper: Cropper, name: string): Promise<File> {
  const canvas = cropper.getCroppedCanvas({ maxWidth: 4096, maxHeight: 4096, fillColor: '#fff', imageSmoothingQuality: 'high' });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(new File([blob], jpegName(name), { type: 'image/jpeg' })) : reject(new Error('The edited photo could not be made.'))), 'image/jpeg', 0.92);
  });
}
