// The chart library and its stylesheet, in a chunk of their own: loaded when the first chart shows
// (performance.md R5: heavy extras stay out of the initial script).
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export default uPlot
