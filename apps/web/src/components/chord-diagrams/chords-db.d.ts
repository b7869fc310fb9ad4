declare module "@tombatossals/chords-db/lib/guitar.json" {
  const data: unknown;
  export default data;
}
declare module "@tombatossals/chords-db/lib/ukulele.json" {
  const data: unknown;
  export default data;
}
