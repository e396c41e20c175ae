// The microphone through the browser's MediaRecorder, for the Ask form's audio recorder
// (src/machines/audioRecorder.machine.ts): start opens the microphone and records; stop gives the
// audio as one blob and closes the microphone.
/** A running recording: stopping it gives the recorded audio. */
export interface RecordingHandle {
  stop(): Promise<Blob>;
  /** Ends the recording and drops it (the dialog closed). */
  cancel(): void;
}

/** The recorder's own format, which uploads accept (audio/webm). */
export const RECORDING_TYPE = 'audio/webm';

export async function startRecording(): Promise<RecordingHandle> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const release = () => stream.getTracks().forEach((track) => track.stop());
  const mimeType = ['audio/webm;codecs=opus', RECORDING_TYPE].find((type) => MediaRecorder.isTypeSupported(type));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch (error) {
    release();
    throw error;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.start();
  return {
    stop: () =>
      new Promise<Blob>((resolve, reject) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(chunks, { type: RECORDING_TYPE }));
        };
        recorder.onerror = (event) => {
          release();
          reject(new Error(`Recording failed: ${String((event as ErrorEvent).message ?? 'unknown error')}`));
        };
        recorder.stop();
      }),
    cancel: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
