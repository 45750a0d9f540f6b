// One import point for the vendored UI library (Preact + hooks + htm, see /vendor/README.md).
import { Component, Fragment, createContext, h, render } from 'preact';
import {
  useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef,
  useState,
} from 'preact/hooks';
import htm from 'htm';

export const html = htm.bind(h);
export {
  Component, Fragment, createContext, h, render,
  useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef,
  useState,
};
