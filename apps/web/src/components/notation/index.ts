export { STAFF_QPM, StaffNotation } from "./StaffNotation";
export { parseSargamStaff, parseStaff, type StaffSource } from "./staff";
