/** Imported by the tests that assert English speech of formulas (decision 0053): Speech Rule
 * Engine matches its rules with XPath, and jsdom's XPath misreads some of them (x² becomes
 * "x raised to the 2 power"). Chromium's own XPath and the one SRE uses under Node
 * (wicked-good-xpath) agree, so those tests use the latter; other tests keep jsdom's. */
import { install } from "wicked-good-xpath";

install(window, true);
