"""scripts/icu-data against the toolchain's own ICU package: the cut-down copy is a valid
package holding exactly the kept items, byte for byte, and its object defines the wrapped
symbol. Run by scripts/test (python3 -m unittest discover -s scripts/tests)."""
import importlib.machinery
import importlib.util
import os
import subprocess
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "icu-data")
loader = importlib.machinery.SourceFileLoader("icu_data", SCRIPT)
spec = importlib.util.spec_from_loader("icu_data", loader)
icu_data = importlib.util.module_from_spec(spec)
loader.exec_module(icu_data)


class IcuDataTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.symbol, cls.whole = icu_data.toolchain_package()
        cls.package, cls.count, cls.total = icu_data.trimmed(cls.whole)

    def test_the_copy_holds_the_kept_items_unchanged_and_in_order(self):
        _, original = icu_data.read_package(self.whole)
        _, copy = icu_data.read_package(self.package)
        names = [name for name, _ in copy]
        self.assertEqual(names, sorted(names), "ICU looks items up by binary search")
        self.assertEqual(dict(copy), {name: item for name, item in original if name in dict(copy)})
        self.assertEqual(len(copy), self.count)
        self.assertLess(len(self.package), len(self.whole) / 4)

    def test_what_journeyterm_needs_is_kept_and_the_rest_is_not(self):
        prefix = icu_data.read_package(self.whole)[1][0][0].split("/", 1)[0] + "/"
        names = {name[len(prefix):] for name, _ in icu_data.read_package(self.package)[1]}
        for needed in ["root.res", "en.res", "en_US_POSIX.res", "pool.res", "res_index.res", "zoneinfo64.res",
                       "metaZones.res", "timezoneTypes.res", "supplementalData.res", "likelySubtags.res", "uts46.nrm",
                       "coll/root.res", "coll/ucadata.icu", "brkitr/word.brk", "brkitr/root.res", "zone/en.res"]:
            self.assertIn(needed, names)
        for dropped in ["de.res", "zh_Hant.res", "coll/zh.res", "brkitr/cjdict.dict", "translit/root.res",
                        "ibm-1375_P100-2008.cnv", "zone/fr.res"]:
            self.assertNotIn(dropped, names)

    def test_the_object_defines_the_wrapped_symbol_with_the_whole_copy(self):
        with tempfile.TemporaryDirectory() as folder:
            obj = icu_data.write_object(self.package, self.symbol, folder)
            symbols = subprocess.run(["nm", "-S", obj], capture_output=True, text=True, check=True).stdout.split()
        self.assertEqual(symbols[-1], "__wrap_" + self.symbol)
        self.assertEqual(int(symbols[1], 16), len(self.package))


if __name__ == "__main__":
    unittest.main()
