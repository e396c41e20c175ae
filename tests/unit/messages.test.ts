import { describe, expect, it } from 'vitest';
import { failureWords, MESSAGES, postFailureWords, questionNumberLabel, uploadFailedMessage } from '../../src/domain/messages.js';
import { ApiRequestError } from '../../src/services/api.js';

describe('the words of a failure', () => {
  it("shows the server's title, with its message beneath when it says more", () => {
    expect(failureWords(new ApiRequestError(409, 'You cannot change the answer', 'answerLocked', false))).toEqual({ title: 'You cannot change the answer' });
    expect(failureWords(new ApiRequestError(404, 'Exam not found', 'examNotFound', false, 'No such exam is assigned to your batch.'))).toEqual({
      title: 'Exam not found',
      description: 'No such exam is assigned to your batch.',
    });
  });

  it("falls back to 'Unhandled exception' when nothing names the failure", () => {
    for (const failure of [undefined, null, 42, 'text', {}, { title: '  ' }, new ApiRequestError(500, '', undefined, false, '')]) {
      expect(failureWords(failure)).toEqual({ title: MESSAGES.unhandledException });
    }
    expect(MESSAGES.unhandledException).toBe('Unhandled exception');
  });

  it("reads an error of the app's own by its message", () => {
    expect(failureWords(new Error('The video area did not open.'))).toEqual({ title: 'The video area did not open.' });
  });

  it("shows a forum post's refusal in the server's words, and the spec's words when no reason came", () => {
    const limit = new ApiRequestError(429, 'You are asking questions too quickly. Please wait a while and try again.', 'tooManyQuestions', false, 'At most 20 questions an hour. You can go on in 12 minutes.');
    expect(postFailureWords(limit)).toEqual({ title: limit.title, description: 'At most 20 questions an hour. You can go on in 12 minutes.' });
    for (const failure of [new ApiRequestError(0, 'Network error', 'network', true), new ApiRequestError(502, 'Bad Gateway', undefined, false), new Error('bug'), undefined]) {
      expect(postFailureWords(failure)).toEqual({ title: 'Error submitting question. Please try again later.' });
    }
  });

  it("speaks of the connection, not the browser's error text, when no answer came", () => {
    const offline = new ApiRequestError(0, 'Network error', 'network', true, '[GET] "/api/course": <no response> Failed to fetch');
    expect(failureWords(offline)).toEqual({ title: 'Please check your internet connection then try again.' });
  });
});

describe('catalogue texts with a value in them', () => {
  it('names the file that could not be uploaded and the question of an answer error', () => {
    expect(uploadFailedMessage('workings.pdf')).toBe('Error uploading file workings.pdf');
    expect(questionNumberLabel(7)).toBe('Question No 7');
  });
});
