// The results charts (chart.js, loaded only by the result and scoreboard screens through lazy imports;
// see docs/decisions.md). A chart is a picture of figures the screen also lists in a table, so the
// canvas is an image with a summary for screen readers, and it is drawn without animation so that a
// print shows it whole.
import { useCallback } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const BRAND = '#0f766e';
const PASS = '#b91c1c';
const TOTAL = '#cbd5e1';

/** Draws `config` on a canvas for as long as the canvas is on the page (a React 19 ref with cleanup). */
function useChart(config: ChartConfiguration, key: string) {
  // The key holds every figure the config is made of, so the chart is drawn again only when they change.
  return useCallback((canvas: HTMLCanvasElement | null) => {
    if (!canvas) return;
    const chart = new Chart(canvas, config);
    return () => chart.destroy();
  }, [key]);
}

export interface MarksPoint {
  /** The exam's date on the academy's clock. */
  date: string;
  title: string;
  /** Marks obtained as a percent of the exam's total. */
  percent: number;
  /** The exam's pass mark, a percent. */
  passPercent: number;
}

/** The student's marks over time (oldest first) against each exam's pass mark. */
export function MarksOverTimeChart({ points }: { points: MarksPoint[] }) {
  const config: ChartConfiguration = {
    type: 'line',
    data: {
      labels: points.map((p) => p.date),
      datasets: [
        { label: 'Your marks (%)', data: points.map((p) => p.percent), borderColor: BRAND, backgroundColor: BRAND, tension: 0.2 },
        { label: 'Pass mark (%)', data: points.map((p) => p.passPercent), borderColor: PASS, backgroundColor: PASS, borderDash: [6, 4], pointRadius: 0, stepped: 'middle' },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: { y: { min: 0, suggestedMax: 100, title: { display: true, text: '% of total marks' } } },
      plugins: { tooltip: { callbacks: { title: (items) => points[items[0]?.dataIndex ?? 0]?.title ?? '' } } },
    },
  };
  const ref = useChart(config, JSON.stringify(points));
  const passed = points.filter((p) => p.percent >= p.passPercent).length;
  const summary = `Marks of ${points.length} exams over time against the pass mark: ${passed} at or above it, ${points.length - passed} below.`;
  return (
    <div className="relative h-56 w-full sm:h-64">
      <canvas ref={ref} role="img" aria-label={summary} data-testid="marks-chart" />
    </div>
  );
}

export interface SubjectBar {
  name: string;
  obtained: number;
  total: number;
}

/** Marks obtained against the total of each subject of a segmented exam. */
export function SubjectBarsChart({ subjects }: { subjects: SubjectBar[] }) {
  const config: ChartConfiguration = {
    type: 'bar',
    data: {
      labels: subjects.map((s) => s.name),
      datasets: [
        { label: 'Obtained', data: subjects.map((s) => s.obtained), backgroundColor: BRAND },
        { label: 'Total', data: subjects.map((s) => s.total), backgroundColor: TOTAL },
      ],
    },
    options: { animation: false, maintainAspectRatio: false, scales: { y: { beginAtZero: true, title: { display: true, text: 'Marks' } } } },
  };
  const ref = useChart(config, JSON.stringify(subjects));
  const summary = `Marks by subject: ${subjects.map((s) => `${s.name} ${s.obtained} of ${s.total}`).join('; ')}.`;
  return (
    <div className="relative h-56 w-full sm:h-64">
      <canvas ref={ref} role="img" aria-label={summary} data-testid="subject-chart" />
    </div>
  );
}
