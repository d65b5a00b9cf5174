export { writeHtmlReport, type HtmlReportOptions } from './write-html-report'
