export { ChordDiagram, type ChordDiagramProps, type DiagramInstrument } from "./ChordDiagram";
export { findFingering, loadChordsDb, parseChordsDb } from "./fingerings";
