export { STAFF_QPM, StaffNotation } from "./StaffNotation";
export { parseStaff, type StaffSource } from "./staff";
