// Writes docs/examples/demo-exams.xlsx: the demo academy's exams as the staff's exam sheets (one Exam,
// Batches and Questions sheet per exam). Run again after the demo bundle's exams change; a test checks
// the shipped file matches and imports into the demo academy cleanly.
import fs from 'node:fs';
import { demoExamsWorkbook } from '../server/import/templates.js';

const file = 'docs/examples/demo-exams.xlsx';
fs.writeFileSync(file, await demoExamsWorkbook());
console.log(`Wrote ${file}`);
