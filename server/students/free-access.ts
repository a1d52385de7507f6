// The rule of what is free to whom is written in SQL, next to the other queries of the domain;
// this name stays for the parts of the code base that import it from here.
export * from './free-access.repository.ts';
