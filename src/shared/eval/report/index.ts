export { writeHtmlReport } from './write-html-report'
