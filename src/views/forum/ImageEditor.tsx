// The image editor (src/machines/imageEditor.machine.ts): a photo with a crop box, Rotate (a quarter
// turn clockwise), Apply and Cancel. The crop box is dragged, or moved by the arrow keys and resized
// with Shift and the arrow keys. Loaded with cropperjs only when a photo is edited.
import { useCallback, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { imageEditorMachine } from '../../machines/imageEditor.machine';
import { MESSAGES } from '../../domain/messages';
import { exportCrop, nudgeCropBox, openCropper, turnQuarter, type Cropper } from '../../services/photoEditor';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { useObjectUrl } from '../ui/useObjectUrl';

export default function ImageEditor({ photo, onDone }: { photo: File; onDone: (edited: File | null) => void }) {
  const cropper = useRef<Cropper | null>(null);
  const editor = useActorRef(
    imageEditorMachine.provide({
      actors: { exportPhoto: fromPromise(({ input }) => exportCrop(cropper.current!, input.photo.name)) },
      actions: {
        turnPicture: () => turnQuarter(cropper.current!),
        finished: (_, { photo: edited }) => onDone(edited),
      },
    }),
    { input: { photo } },
  );
  const state = useSelector(editor, (s) => (s.matches('unreadable') ? 'unreadable' : s.matches('loading') ? 'loading' : 'editing'));
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const problem = useSelector(editor, (s) => s.context.problem);
  const canRotate = useSelector(editor, (s) => s.can({ type: 'editor.rotate' }));
  const canApply = useSelector(editor, (s) => s.can({ type: 'editor.apply' }));
  // While the edited photo is made, Cancel waits: the editor cannot stop then, and a press would be lost.
  const canCancel = useSelector(editor, (s) => s.can({ type: 'editor.cancel' }));
  const url = useObjectUrl(photo);
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const opened = openCropper(image, () => editor.send({ type: 'editor.ready' }));
      cropper.current = opened;
      return () => {
        opened.destroy();
        if (cropper.current === opened) cropper.current = null;
      };
    },
    [editor],
  );
  const cancel = () => editor.send({ type: 'editor.cancel' });
  return (
    <Modal
      open
      onClose={cancel}
      title="Edit photo"
      size="lg"
      actions={
        <>
          <Button variant="secondary" disabled={!canCancel} onClick={cancel}>Cancel</Button>
          <Button variant="secondary" disabled={!canRotate} onClick={() => editor.send({ type: 'editor.rotate' })} aria-label="Rotate 90 degrees clockwise">
            Rotate ↻
          </Button>
          <Button disabled={!canApply} busy={busy && state === 'editing'} onClick={() => editor.send({ type: 'editor.apply' })}>Apply</Button>
        </>
      }
    >
      {state === 'unreadable' ? (
        <p role="alert" className="text-sm text-red-700">{MESSAGES.photoUnreadable}</p>
      ) : (
        <div className="space-y-2">
          <div
            tabIndex={0}
            role="group"
            aria-label="Crop area: arrow keys move the crop box, Shift and arrow keys change its size"
            className="h-72 w-full overflow-hidden rounded-lg bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 sm:h-96"
            data-testid="crop-area"
            onKeyDown={(event) => {
              if (cropper.current && state === 'editing' && nudgeCropBox(cropper.current, event.key, event.shiftKey)) event.preventDefault();
            }}
          >
            {url && <img ref={attach} src={url} alt="The photo being edited" className="block max-w-full" onError={() => editor.send({ type: 'editor.unreadable' })} />}
          </div>
          {state === 'loading' && <Spinner label="Opening the photo…" showLabel className="my-2" />}
          {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
        </div>
      )}
    </Modal>
  );
}
