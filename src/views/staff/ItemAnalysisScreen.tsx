// The item analysis of one exam assignment (/staff/exams/:assignmentId/analysis), opened from the
// teacher desk's assignment row: a table of the questions with their figures and flags in plain
// words, and the sheet to download. The flow is the itemAnalysis statechart; this view renders it.
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { itemAnalysisMachine } from '../../machines/itemAnalysis.machine';
import type { SheetFormat, SheetRequest } from '../../machines/sheetDownload';
import type { ItemAnalysis, ItemStats } from '../../contracts/staff';
import { itemAnalysisFileName } from '../../domain/itemAnalysis';
import { staffApi } from '../../services/staff';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { saveBlob } from '../ui/saveBlob';
import { challengesLabel, challengesPath } from './challengesLink';
import { ItemChoices, ItemFlags } from './ItemFigures';
import { DeskLayout, useDeskPageTitle, DeskLoadFailure } from './DeskLayout';

const COLUMNS = ['No.', 'Question', 'Facility', 'Discrimination', 'Point-biserial', 'Responses (upper / lower 27 %)', 'Flags'] as const;

const figure = (value: number | null) => (value === null ? '—' : value.toFixed(2));

export function ItemAnalysisScreen() {
  const { assignmentId = '' } = useParams();
  return (
    <DeskLayout section="marking" title="Item analysis" width="wide">
      <ItemAnalysisView key={assignmentId} assignmentId={assignmentId} />
    </DeskLayout>
  );
}

function ItemAnalysisView({ assignmentId }: { assignmentId: string }) {
  const actor = useActorRef(
    itemAnalysisMachine.provide({
      actors: {
        loadAnalysis: fromPromise<ItemAnalysis, { assignmentId: string }>(({ input }) => staffApi.itemAnalysis(input.assignmentId)),
        downloadSheet: fromPromise<Blob, SheetRequest>(({ input }) => staffApi.itemAnalysisSheet(input.assignmentId, input.format)),
      },
      actions: {
        saveSheet: ({ context }, { blob, format }) => {
          const assignment = context.analysis!.assignment;
          saveBlob(blob, itemAnalysisFileName(assignment.exam.title, assignment.groupName, format));
        },
      },
    }),
    { input: { assignmentId } },
  );
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const loaded = useSelector(actor, (s) => s.matches('loaded'));
  const analysis = useSelector(actor, (s) => s.context.analysis);
  const problem = useSelector(actor, (s) => s.context.problem);
  const downloading = useSelector(actor, (s) => (s.hasTag('downloading') ? s.context.format : null));
  const download = (format: SheetFormat) => actor.send({ type: 'sheet.download', format });
  useDeskPageTitle(analysis ? `Item analysis: ${analysis.assignment.exam.title}` : null);

  return (
    <>
        <ButtonLink to="/staff" variant="quiet" className="-ml-2">
          ← Teacher desk
        </ButtonLink>
        <h1 className="mt-1 break-words text-xl font-semibold text-slate-900">Item analysis{analysis ? `: ${analysis.assignment.exam.title}` : ''}</h1>
        {analysis && (
          <p className="text-sm text-slate-600">
            {analysis.assignment.groupName} · {analysis.attempts} submitted attempt{analysis.attempts === 1 ? '' : 's'}
            {loaded && ` · upper and lower groups of ${analysis.groupSize}`}
          </p>
        )}
        {analysis && (
          <div className="flex flex-wrap gap-1">
            <ButtonLink variant="quiet" className="-ml-2" to={`/staff/exams/${assignmentId}/results`}>
              See results
            </ButtonLink>
            {analysis.challenges > 0 && (
              <ButtonLink variant="quiet" to={challengesPath(assignmentId)}>
                {challengesLabel(analysis.challenges)}
              </ButtonLink>
            )}
          </div>
        )}
        {loading && <Spinner label="Loading the item analysis…" showLabel />}
        {failed && (
          <DeskLoadFailure problem={problem} fallback="The item analysis could not be loaded." onRetry={() => actor.send({ type: 'analysis.retry' })} back={{ to: '/staff', label: 'Teacher desk' }} />
        )}
        {empty && analysis && (
          <Notice title="Not enough attempts yet.">
            {`The item analysis needs at least ${analysis.minimumAttempts} submitted attempts; this exam has ${analysis.attempts}. With fewer, one student's answer moves the figures too much to say anything about a question.`}
          </Notice>
        )}
        {loaded && analysis && (
          <>
            <div className="my-3 flex flex-wrap items-center gap-2">
              <Button variant="secondary" busy={downloading === 'csv'} disabled={downloading !== null} onClick={() => download('csv')}>
                Download CSV
              </Button>
              <Button variant="secondary" busy={downloading === 'xlsx'} disabled={downloading !== null} onClick={() => download('xlsx')}>
                Download XLSX
              </Button>
            </div>
            <InlineAlert words={problem} />
            <p className="my-2 text-sm text-slate-600">
              Facility: the share of the marks students earned (1.00: everyone right). Discrimination: facility in the top 27 % of students by total marks minus facility in the bottom
              27 %. Point-biserial: how the question&apos;s score goes with the rest of the exam&apos;s marks. ✓ marks the key.
            </p>
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm" aria-label="Item analysis by question">
                <TableHead columns={COLUMNS} />
                <tbody>
                  {analysis.questions.map((question) => (
                    <QuestionRow key={question.questionId} question={question} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
    </>
  );
}

function QuestionRow({ question }: { question: ItemStats }) {
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="px-3 py-2 font-semibold">{question.number}</td>
      <td className="max-w-xs px-3 py-2">
        <span className="line-clamp-3 break-words">{question.title || '(no text)'}</span>
        <span className="block text-xs text-slate-500">
          {question.type} · {question.point} mark{question.point === 1 ? '' : 's'} · {question.attempts} attempts
        </span>
      </td>
      <td className="px-3 py-2 tabular-nums">{figure(question.facility)}</td>
      <td className="px-3 py-2 tabular-nums">{figure(question.discrimination)}</td>
      <td className="px-3 py-2 tabular-nums">{figure(question.pointBiserial)}</td>
      <td className="px-3 py-2">
        <ItemChoices choices={question.choices} />
      </td>
      <td className="px-3 py-2">
        {question.flags.length === 0 ? (
          <span className="text-slate-500">None</span>
        ) : (
          <ItemFlags flags={question.flags} />
        )}
      </td>
    </tr>
  );
}
